import { getConfig } from '@/app/config';
import { sessionBridge } from '@/session/bridge-instance';
import { createApiClient } from './client';
import { trackPageLeaving } from './pageLeaving';
import { requestStepUp } from './stepUp';
import { twoStepEnrolmentRequired } from './twoStepEnrolment';

/** The app's API client: base URL and timeout from the runtime configuration. */
export const api = createApiClient({
  baseUrl: () => getConfig().apiBaseUrl,
  timeoutMs: () => getConfig().requestTimeoutMs,
  session: sessionBridge,
  isLeavingPage: trackPageLeaving(window),
  onStepUpRequired: requestStepUp,
  onTwoStepEnrolmentRequired: twoStepEnrolmentRequired,
});
