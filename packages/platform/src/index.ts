export { loadRuntimeConfig, configurePlatform, getRuntimeConfig, resolveApiKey } from './config.ts';
export { apiClient, http } from './http/client.ts';
export { getConsoleVersion, setConsoleVersion } from './http/console-version.ts';
export { ApiError, ERROR_MESSAGES, isApiError, serverMessage } from './http/errors.ts';
export { resolveApiPath } from './http/paths.ts';
export { fetchData, type ReadCall } from './http/fetch-data.ts';
export { checkedCall, failureError } from './http/checked-call.ts';
export { isStepUpError } from './http/step-up.ts';
export { useStepUpPrompt, type StepUpPrompt, type StepUpSubmission } from './step-up/prompt-store.ts';
export { uploadUrl } from './upload-url.ts';
// useSearchPages, useSubmittedSearch and useClientPages are superseded by useListState/useListView;
// they stay for remote releases built against platform 0.5 (a release may run on any 0.x shell, ADR 0011).
export { useDebouncedValue, useSearchPages, useSubmittedSearch } from './use-debounced.ts';
export { useDocumentTitle } from './document-title.ts';
export { useClientPages } from './use-client-pages.ts';
export { useListState, type ListSpec, type ListState, type ListQuery } from './list/use-list-state.ts';
export { useQueryWriter, type QueryWrite } from './list/use-query-writer.ts';
export {
  useListView,
  listPager,
  type ListAnswer,
  type ListPage,
  type ListView,
  type ClientRules,
} from './list/use-list-view.ts';
export { useChange } from './use-change.ts';
export { useRowCalls } from './use-row-calls.ts';
export { useCsvExport, type CsvExport } from './csv-export/use-csv-export.ts';
export { createRecordCounter } from './csv-export/record-counter.ts';
export { setNavigate } from './navigation.ts';
export { sessionUsername, useAuthStore } from './auth/store.ts';
export { useCan, Can } from './auth/can.tsx';
export { holds, type Needed } from './auth/access.ts';
export { AUTH_MESSAGES } from './auth/messages.ts';
export type { AuthResult, SecondFactor } from './auth/results.ts';
export {
  assertPasskey,
  createPasskey,
  isPasskeyError,
  passkeyOptions,
  PasskeyError,
  PASSKEY_MESSAGES,
} from './auth/passkey.ts';
export { useMetrics, fetchMetrics, metricsQueryOptions } from './metrics.ts';
export { queryClient, queryKeys, resource } from './query.ts';
export { refreshOn } from './live/refresh.ts';
export { usePresence, usePresent, type PresenceEntity } from './live/presence.ts';
export { useRecordChanges, type RecordChanges } from './live/record-changes.ts';
export { loadInbox, type InboxHooks } from './live/inbox.ts';
export { useAfterFirstScreen, useLiveEvents } from './live/start.ts';
export { toast, AppToaster } from './toasts.tsx';
export { copyText } from './copy-text.ts';
export { revealPersonalData } from './personal-data.ts';
export { PlayerLink, playerLink } from './player-link.tsx';
export { useOpenedByAddress, OPEN_FORM_PARAM } from './use-opened-by-address.ts';
export { recentPlayers, rememberPlayer, RECENT_PLAYERS_MAX, type RecentPlayer } from './recent-players.ts';
export { lazyPage, type RemoteRoute, type RemoteModule } from './remote.ts';
export { platformInstanceId } from './probe.ts';

// The router, re-exported: apps import routing from here (see router.ts).
export * from './router.ts';
