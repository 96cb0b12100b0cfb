import 'bootstrap/dist/css/bootstrap.min.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { runStartup } from './lib/startup.ts';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');

// Nothing renders until the start-up sequence has finished (SPEC §4); a failure only warns.
void runStartup(queryClient)
  .catch((error: unknown) => console.warn('Start-up did not finish; continuing', error))
  .then(() => {
    createRoot(rootElement).render(<App queryClient={queryClient} />);
  });
