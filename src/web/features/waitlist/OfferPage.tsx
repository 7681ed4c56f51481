/**
 * `/book/offer?token=…`: the page a waitlist offer's mail opens. It shows the time offered and
 * books it with one button; the first patient to press it gets the time, the others read that it
 * has gone (src/server/waitlist/accept.ts).
 */
import '../../theme/allStyles';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PublicAppointment } from '../booking/PublicAppointment';
import { whenIn } from '../booking/when';
import { useOffer } from './useOffer';

const ENDED = {
  gone: 'Sorry, that time has gone. You are still on the waiting list.',
  expired: 'Sorry, this offer has ended. You are still on the waiting list.',
} as const;

export function OfferPage() {
  const [params] = useSearchParams();
  const { offer, problem, notice, pending, accept } = useOffer(params.get('token') ?? '');
  if (!offer)
    return problem ? (
      <Alert color="negative" variant="light" role="alert" title="A time for you">
        {problem}
      </Alert>
    ) : (
      <Loader mx="auto" aria-label="Loading" />
    );
  const zone = offer.time_zone;
  // The offer's end, when it has one: gone (another patient took it) or expired.
  const ended = offer.status === 'gone' || offer.status === 'expired' ? offer.status : null;
  return (
    <Stack gap="md" data-testid="waitlist-offer">
      <Title order={2} size="h3">
        A time has come free
      </Title>
      <PublicAppointment
        notice={notice}
        problem={problem}
        typeName={offer.type_name}
        start={offer.start}
        end={offer.end}
        zone={zone}
      >
        <Text size="sm">
          With {offer.practitioner_name} at {offer.clinic_name}
        </Text>
      </PublicAppointment>
      {offer.status === 'offered' && (
        <>
          <Text size="sm">
            Offered to a few people on the waiting list: the first to book it has it. The offer ends{' '}
            {whenIn(offer.expires_at, zone)}.
          </Text>
          <Button loading={pending} onClick={() => void accept()} fullWidth>
            Book this time
          </Button>
        </>
      )}
      {offer.status === 'accepted' && !notice && (
        <Alert color="positive" variant="light" role="status">
          This time is booked for you.
        </Alert>
      )}
      {ended && !problem && (
        <Alert color="warning" variant="light" role="status">
          {ENDED[ended]}
        </Alert>
      )}
    </Stack>
  );
}
