import './lib/zod-jitless.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { startApp } from './lib/startup.ts';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');

// Made before start-up, so that the first screen's code loads while the start-up calls run.
const router = createAppRouter();

// Nothing renders until the start-up sequence has finished (SPEC §4); a failure only warns.
void startApp(queryClient, () => {
  createRoot(rootElement).render(<App queryClient={queryClient} router={router} />);
});
