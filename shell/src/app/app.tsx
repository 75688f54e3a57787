import { AppToaster, queryClient, useStepUpPrompt } from '@manager/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, ConfirmItsYouHost, ConsoleRoot } from '@manager/ui';
import { BrowserRouter } from '@manager/platform';
import { OverridePrompt } from '../remotes/test-build';
import { AppRoutes } from './app-routes';
import { NavigateBridge } from './navigate-bridge';
import { consolePageTheme } from '@manager/ui';

export function App() {
  return (
    <ConfigProvider theme={consolePageTheme}>
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
