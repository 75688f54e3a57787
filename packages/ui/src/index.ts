export { abbreviateNumber, formatDecimals } from './format/number';
export { truncate, shortId } from './format/text';
export { formatDate, formatDateTime, timeAgo, isOnline } from './format/date';
export { ONLINE_WINDOW_MS, PAGINATION_WINDOW, IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES } from './limits';
export { PageHeader, type PageHeaderProps } from './components/page-header';
export { StatCard, type StatCardProps } from './components/stat-card';
export { Panel, type PanelProps } from './components/panel';
export { consolePageTheme, consoleTheme } from './theme';
export { ConsoleRoot } from './components/console-root';
export {
  EmptyState, LoadingState, ErrorState,
  type EmptyStateProps, type LoadingStateProps, type ErrorStateProps,
} from './components/states';
export { Pagination, type PaginationProps } from './components/pagination';
export { SimpleTable, type SimpleTableColumn, type SimpleTableProps } from './components/simple-table';
export { ResponsiveTable, type ResponsiveTableProps } from './components/responsive-table';
export { usePhone } from './components/use-phone';
export { tableScrollX } from './components/table-scroll-x';
export { pageWindow, type PageItem } from './components/page-window';
export { GiftImage, giftImageUrl, GIFT_PLACEHOLDER_SRC, type GiftImageProps } from './components/gift-image';
export { CurrencyIcon, type CurrencyIconProps } from './components/currency-icon';
export { CountryFlag, type CountryFlagProps } from './components/country-flag';
export { ImageUpload, type ImageUploadProps } from './components/image-upload';
export { SearchBox, type SearchBoxProps } from './components/search-box';
export { GiftSearchPicker, type GiftSearchPickerProps } from './components/gift-pickers/gift-search-picker';
export { StarsGiftGrid, type StarsGiftGridProps } from './components/gift-pickers/stars-gift-grid';
export { SelectedGifts, type SelectedGift, type SelectedGiftsProps } from './components/gift-pickers/selected-gifts';
export { ShopItemPicker, type ShopItemPickerProps } from './components/gift-pickers/shop-item-picker';

// antd and the icons, re-exported: apps import them from here (see antd.ts).
export * from './antd';
export * from './icons';
