import './lib/zod-jitless.ts';
import './theme.scss';
// The form controls several screens share bring their few rules with the app's style sheet,
// not as a render-blocking request of their own on each of those screens' first load.
import './components/date-input/date-input.css';
import './components/file-drop-zone/file-drop-zone.css';
import './components/user-picker/user-picker.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { startApp } from './lib/startup.ts';
import { warmDateFormats } from './lib/warm-date-formats.ts';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');

// Made before start-up, so that the first screen's code loads while the start-up calls run.
let markStarted = () => {};
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});
const router = createAppRouter({ queryClient, started });

// Nothing renders until the start-up sequence has finished (SPEC §4); a failure only warns.
void startApp(queryClient, () => {
  markStarted();
  const root = createRoot(rootElement);
  // As a transition React renders in slices and lets the browser breathe between them, so a
  // large first screen does not block a slow phone's main thread for long.
  startTransition(() => root.render(<App queryClient={queryClient} router={router} />));
});
// With the start-up calls sent, while they and the screen's code are on their way.
warmDateFormats(location.pathname);
