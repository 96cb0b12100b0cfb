import 'bootstrap/dist/css/bootstrap.min.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { startApp } from './lib/startup.ts';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');

// Nothing renders until the start-up sequence has finished (SPEC §4); a failure only warns.
void startApp(queryClient, () => {
  createRoot(rootElement).render(<App queryClient={queryClient} />);
});
