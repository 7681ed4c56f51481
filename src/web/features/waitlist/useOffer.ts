/**
 * The offer page's state: the offer its token names (`booking/get_offer`) and booking it
 * (`booking/accept_offer`). A refusal's text is shown on the page ("Sorry, that time has gone.").
 */
import { useCallback, useEffect, useState } from 'react';
import { WAITLIST_CALLS, type OfferView } from '../../../shared/diary/waitlist';
import { send } from '../booking/bookingCalls';

export function useOffer(token: string) {
  const [offer, setOffer] = useState<OfferView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    void send<OfferView>(WAITLIST_CALLS.getOffer, { offer_token: token }).then((answer) => {
      if (answer.ok && answer.data) setOffer(answer.data);
      else setProblem(answer.text);
    });
  }, [token]);

  const accept = useCallback(async () => {
    setPending(true);
    const answer = await send<OfferView>(WAITLIST_CALLS.acceptOffer, { offer_token: token });
    setPending(false);
    if (answer.data) setOffer(answer.data);
    if (answer.ok) setNotice(answer.text);
    else setProblem(answer.text);
  }, [token]);

  return { offer, problem, notice, pending, accept };
}
