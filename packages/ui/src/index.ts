export { abbreviateNumber, formatDecimals } from './format/number.ts';
export { truncate, shortId } from './format/text.ts';
export { formatEnum, formatFieldName } from './format/words.ts';
export { formatDate, formatDateTime, formatTimestamp, timeAgo, isOnline } from './format/date.ts';
export {
  auditChanges,
  auditEntityText,
  formatAuditValue,
  formatMoney,
  AUDIT_ENTITY_LABELS,
  type AuditChange,
  type AuditFields,
} from './format/audit.ts';
export { ONLINE_WINDOW_MS, PAGINATION_WINDOW, IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES } from './limits.ts';
export { PageHeader } from './components/page-header.tsx';
export { PlainHeading, PlainText, VisuallyHidden } from './components/plain-text.tsx';
export { StatCard, StatRow } from './components/stat-card.tsx';
export { Panel } from './components/panel.tsx';
export { consolePageTheme, consoleTheme } from './theme.ts';
export { consoleDarkPageTheme, consoleDarkTheme } from './dark-theme.ts';
export { ConsoleRoot } from './components/console-root.tsx';
export { EmptyState, LoadingState, ErrorState } from './components/states.tsx';
export { Pagination } from './components/pagination.tsx';
export { ListToolbar, ListEmptyState, type ListSortOption } from './components/list-toolbar.tsx';
export { SimpleTable, type SimpleTableColumn } from './components/simple-table.tsx';
export { ResponsiveTable } from './components/responsive-table.tsx';
export { usePhone } from './components/use-phone.ts';
export { tableScrollX } from './components/table-scroll-x.tsx';
export { onTableSort, sortableColumn, type SortableColumnProps } from './components/table-sort.ts';
export { pageWindow } from './components/page-window.ts';
export { GiftImage, giftImageUrl, GIFT_PLACEHOLDER_SRC } from './components/gift-image.tsx';
export { CurrencyIcon } from './components/currency-icon.tsx';
export { CountryFlag } from './components/country-flag.tsx';
export { ImageUpload } from './components/image-upload.tsx';
export { SearchBox, SubmitSearchBox } from './components/search-box.tsx';
export { ExportCsvButton, exportProgressText, type CsvExporter } from './components/export-csv-button.tsx';
export { PersonBadge } from './components/person-badge.tsx';
export { presenceText, type PresentAdmin } from './components/presence-text.ts';
// Drawn only by forms and record pages, which load the on-demand chunk anyway: they come with it.
export {
  AdminAvatar,
  AuditChanges,
  AuditTable,
  BellOutlined,
  FormChangeNotice,
  GiftSearchPicker,
  PresenceNote,
  RecordChangedNotice,
  SelectedGifts,
  ShopItemPicker,
  StarsGiftGrid,
} from './antd-on-demand.ts';
export { RevealValue, type RevealedValue } from './components/reveal-value.tsx';
export {
  ConfirmItsYouModal,
  ConfirmItsYouHost,
  type ConfirmItsYouProps,
} from './components/confirm-its-you-modal.tsx';
export { PasskeyNameField } from './components/passkey-name-field.tsx';

// antd and the icons, re-exported: apps import them from here (see antd.ts).
export * from './antd.ts';
export * from './icons.ts';
