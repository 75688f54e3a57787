export { loadRuntimeConfig, configurePlatform, getRuntimeConfig, resolveApiKey } from './config';
export { apiClient, http } from './http/client';
export { getConsoleVersion, setConsoleVersion } from './http/console-version';
export { ApiError, ERROR_MESSAGES, isApiError, serverMessage } from './http/errors';
export { resolveApiPath } from './http/paths';
export { fetchData, type ReadCall } from './http/fetch-data';
export { checkedCall, failureError } from './http/checked-call';
export { isStepUpError } from './http/step-up';
export { useStepUpPrompt, type StepUpPrompt, type StepUpSubmission } from './step-up/prompt-store';
export { uploadUrl } from './upload-url';
// useSearchPages, useSubmittedSearch and useClientPages are superseded by useListState/useListView;
// they stay for remote releases built against platform 0.5 (a release may run on any 0.x shell, ADR 0011).
export { useDebouncedValue, useSearchPages, useSubmittedSearch } from './use-debounced';
export { useDocumentTitle } from './document-title';
export { useClientPages } from './use-client-pages';
export { useListState, type ListSpec, type ListState, type ListQuery } from './list/use-list-state';
export { useQueryWriter, type QueryWrite } from './list/use-query-writer';
export {
  useListView,
  listPager,
  type ListAnswer,
  type ListPage,
  type ListView,
  type ClientRules,
} from './list/use-list-view';
export { useChange } from './use-change';
export { useRowCalls } from './use-row-calls';
export { useCsvExport, type CsvExport } from './csv-export/use-csv-export';
export { createRecordCounter } from './csv-export/record-counter';
export { setNavigate } from './navigation';
export { useAuthStore } from './auth/store';
export { useCan, Can } from './auth/can';
export { holds, type Needed } from './auth/access';
export { AUTH_MESSAGES } from './auth/messages';
export type { AuthResult, SecondFactor } from './auth/results';
export {
  assertPasskey,
  createPasskey,
  isPasskeyError,
  passkeyOptions,
  PasskeyError,
  PASSKEY_MESSAGES,
} from './auth/passkey';
export { useMetrics, fetchMetrics, metricsQueryOptions } from './metrics';
export { queryClient, queryKeys, resource } from './query';
export { toast, AppToaster } from './toasts';
export { copyText } from './copy-text';
export { revealPersonalData } from './personal-data';
export { PlayerLink, playerLink } from './player-link';
export { useOpenedByAddress, OPEN_FORM_PARAM } from './use-opened-by-address';
export { recentPlayers, rememberPlayer, RECENT_PLAYERS_MAX, type RecentPlayer } from './recent-players';
export { lazyPage, type RemoteRoute, type RemoteModule } from './remote';
export { platformInstanceId } from './probe';

// The router, re-exported: apps import routing from here (see router.ts).
export * from './router';
