/**
 * The registry of every API call the server answers. Each feature declares its calls in its own
 * `routes.ts`; exact paths first, then the families named by pattern.
 */
import { auditCalls } from './audit/routes';
import { authCalls } from './auth/routes';
import { availabilityCalls } from './availability/routes';
import { bookingCalls } from './booking/routes';
import { calendarFeedCalls } from './calendar-feeds/routes';
import { dashboardCalls } from './dashboard/routes';
import { diaryCalls } from './diary/routes';
import { diaryReviewCalls } from './diary-review/routes';
import { entityCalls } from './entities/routes';
import { groupCalls } from './groups/routes';
import { CallRegistry } from './http/calls';
import { messageCalls } from './messages/routes';
import { moduleCalls } from './modules/routes';
import { preferenceCalls } from './preferences/routes';
import { searchEverywhereCalls } from './search-everywhere/routes';
import { stockCalls } from './stock/routes';
import { userCalls } from './users/routes';
import { waitlistCalls } from './waitlist/routes';

export function buildRegistry(): CallRegistry {
  return new CallRegistry()
    .add(...authCalls, ...userCalls, ...moduleCalls, ...groupCalls)
    .add(...dashboardCalls, ...searchEverywhereCalls, ...stockCalls)
    .add(...auditCalls)
    .add(...diaryReviewCalls)
    .add(...bookingCalls)
    .add(...messageCalls)
    .add(...availabilityCalls)
    .add(...diaryCalls)
    .add(...calendarFeedCalls)
    .add(...waitlistCalls)
    .addFamily(preferenceCalls)
    .addFamily(entityCalls);
}
