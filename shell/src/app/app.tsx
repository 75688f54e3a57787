import { AppToaster, queryClient, useStepUpPrompt } from '@manager/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, ConfirmItsYouHost, ConsoleRoot } from '@manager/ui';
import { BrowserRouter } from '@manager/platform';
import { OverridePrompt } from '../remotes/test-build';
import { AppRoutes } from './app-routes';
import { NavigateBridge } from './navigate-bridge';
import { consoleDarkPageTheme, consolePageTheme } from '@manager/ui';
import { useDark } from '../features/theme/color-scheme';

export function App() {
  // Both themes differ only in antd's CSS variables, written at run time: the build's one
  // style sheet serves either (docs/decisions/0003-antd-styles-built-at-build-time.md).
  const dark = useDark();
  return (
    <ConfigProvider theme={dark ? consoleDarkPageTheme : consolePageTheme}>
      <ConsoleRoot>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <NavigateBridge />
            <AppRoutes />
          </BrowserRouter>
          <AppToaster />
          <OverridePrompt />
          <ConfirmItsYouHost usePrompt={useStepUpPrompt} />
        </QueryClientProvider>
      </ConsoleRoot>
    </ConfigProvider>
  );
}
