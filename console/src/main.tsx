import '@/app/zodJitless';
import '@mantine/core/styles/baseline.css';
import '@/app/firstPaint.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchApi } from '@/api/lazy';
import { App } from '@/app/App';
import { loadConfig } from '@/app/config';
import { warmUpSignedIn } from '@/app/warmUp';
import { whenIdle } from '@/app/whenIdle';
import { initI18n, loadPageStrings } from '@/i18n';
import { loadSignIn } from '@/session/service';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The runtime configuration comes first (DESIGN §4); i18n is set up once, outside render.
const configured = loadConfig();
// In a task of its own: the page's chunks are requested a moment later, and the entry's evaluation, the
// longest task of every load, does not also insert their preload links.
setTimeout(() => warmUpSignedIn(window.location.pathname), 0);
configured.then(
  () => {
    initI18n();
    // A transition: React renders the router's first pass in short, interruptible tasks.
    // React's root is made here, not in the entry's evaluation: it listens to every event type as it is
    // made (~2 ms of thread time, ×4 at Lighthouse's CPU).
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    // Not needed for the first paint, fetched once the browser is idle: the API layer, the response
    // schemas (zod), sign-in, the second part of the catalogue and Mantine (every other page's).
    const prefetch = () =>
      void Promise.all([prefetchApi(), loadSignIn(), loadPageStrings(), import('@/app/MantineRoot')]).catch(() => {});
    whenIdle(prefetch);
  },
  async (error: unknown) => {
    console.error(error);
    initI18n();
    const { ConfigErrorScreen } = await import('@/app/ConfigErrorScreen');
    createRoot(container).render(<ConfigErrorScreen />);
  },
);
