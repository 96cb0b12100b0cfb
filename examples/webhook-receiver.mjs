// Receives the portal's webhooks, checks each signature and prints the event as one JSON line.
// ESIGN_WEBHOOK_SECRET is the endpoint's secret (whsec_…) from the Webhooks page.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.ESIGN_WEBHOOK_SECRET);
createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    try {
      const event = webhook.verify(body, request.headers); // throws on a bad signature or an old timestamp
      console.log(JSON.stringify(event));
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end('bad signature');
    }
  });
}).listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '127.0.0.1');
