export { abbreviateNumber, formatDecimals } from './format/number';
export { truncate, shortId } from './format/text';
export { formatEnum, formatFieldName } from './format/words';
export { formatDate, formatDateTime, formatTimestamp, timeAgo, isOnline } from './format/date';
export {
  auditChanges,
  auditEntityText,
  formatAuditValue,
  formatMoney,
  AUDIT_ENTITY_LABELS,
  type AuditChange,
  type AuditFields,
} from './format/audit';
export { ONLINE_WINDOW_MS, PAGINATION_WINDOW, IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES } from './limits';
export { PageHeader } from './components/page-header';
export { PlainHeading, PlainText, VisuallyHidden } from './components/plain-text';
export { StatCard, StatRow } from './components/stat-card';
export { Panel } from './components/panel';
export { consolePageTheme, consoleTheme } from './theme';
export { consoleDarkPageTheme, consoleDarkTheme } from './dark-theme';
export { ConsoleRoot } from './components/console-root';
export { EmptyState, LoadingState, ErrorState } from './components/states';
export { Pagination } from './components/pagination';
export { ListToolbar, ListEmptyState, type ListSortOption } from './components/list-toolbar';
export { SimpleTable, type SimpleTableColumn } from './components/simple-table';
export { ResponsiveTable } from './components/responsive-table';
export { usePhone } from './components/use-phone';
export { tableScrollX } from './components/table-scroll-x';
export { onTableSort, sortableColumn, type SortableColumnProps } from './components/table-sort';
export { pageWindow } from './components/page-window';
export { GiftImage, giftImageUrl, GIFT_PLACEHOLDER_SRC } from './components/gift-image';
export { CurrencyIcon } from './components/currency-icon';
export { CountryFlag } from './components/country-flag';
export { ImageUpload } from './components/image-upload';
export { SearchBox, SubmitSearchBox } from './components/search-box';
export { ExportCsvButton, exportProgressText, type CsvExporter } from './components/export-csv-button';
export { PersonBadge } from './components/person-badge';
export { RevealValue, type RevealedValue } from './components/reveal-value';
export { GiftSearchPicker } from './components/gift-pickers/gift-search-picker';
export { StarsGiftGrid } from './components/gift-pickers/stars-gift-grid';
export { SelectedGifts } from './components/gift-pickers/selected-gifts';
export { AuditChanges } from './components/audit/audit-changes';
export { AuditTable } from './components/audit/audit-table';
export {
  ConfirmItsYouModal,
  ConfirmItsYouHost,
  type ConfirmItsYouProps,
} from './components/confirm-its-you-modal';
export { PasskeyNameField } from './components/passkey-name-field';
export { ShopItemPicker } from './components/gift-pickers/shop-item-picker';

// antd and the icons, re-exported: apps import them from here (see antd.ts).
export * from './antd';
export * from './icons';
