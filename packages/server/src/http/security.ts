import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { isBuiltSubresource } from './built-assets.ts';

/**
 * Browser features the portal never uses, switched off for it and anything it could embed
 * (OWASP's Permissions-Policy advice); copying a signing link needs clipboard-write.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Security headers on every response: a strict Content-Security-Policy (no inline
 * script or style), no framing, no sniffing, no powerful browser features; API answers
 * are never cached because they may carry session data.
 *
 * helmet's middleware is built once here and run on each request's raw response (the Fastify
 * plugin would rebuild it, parsing the policy again, for every request).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const publicOrigin = config.publicUrl.origin;
  // What every response carries, a page's and a script's alike.
  const shared = {
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.protocol === 'https:',
    referrerPolicy: { policy: 'same-origin' as const },
  };
  const setHeaders = helmet({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', publicOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", publicOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.protocol === 'https:' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
  // A built script or stylesheet is never a document or a worker: the policies only those
  // read (CSP, framing, features, opener, XSS filter…) would be about 1 kB of every one of a
  // page's 10–30 files. It keeps what a subresource is checked against: no sniffing, no
  // loading by other sites, the referrer policy (a module script's imports follow its own).
  const setSubresourceHeaders = helmet({
    ...shared,
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const finish = (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    };
    if (isBuiltSubresource(request.url)) {
      setSubresourceHeaders(request.raw, reply.raw, finish);
      return;
    }
    // On the raw response, as helmet's are, so that the provider's own pages (/idp) get it too.
    reply.raw.setHeader('Permissions-Policy', permissionsPolicy);
    setHeaders(request.raw, reply.raw, finish);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Pragma', 'no-cache');
    }
  });
}
