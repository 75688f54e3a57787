import { AppToaster, queryClient } from '@manager/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from '@manager/ui';
import { BrowserRouter } from '@manager/platform';
import { AppRoutes } from './app-routes';
import { NavigateBridge } from './navigate-bridge';
import { consoleTheme } from '@manager/ui';

export function App() {
  return (
    <ConfigProvider theme={consoleTheme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <NavigateBridge />
            <AppRoutes />
          </BrowserRouter>
          <AppToaster />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
