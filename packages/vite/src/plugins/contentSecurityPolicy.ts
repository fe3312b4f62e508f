import type { Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built app: scripts, styles and everything else from our own
 * origin only; no inline scripts or styles, no eval, no plugins, no foreign base or form targets.
 * (frame-ancestors cannot be set by a meta tag: securityHeaders sends it as a header.)
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Puts the policy in the built index.html as its first head element. Build only: the dev server
 * injects an inline script (React Refresh's preamble) that the policy would rightly block.
 */
export function contentSecurityPolicy(): Plugin {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`;
  return {
    name: 'content-security-policy',
    apply: 'build',
    // Right after the charset, before anything the policy governs.
    transformIndexHtml(html) {
      const charset = /<meta charset="UTF-8" \/>/i;
      if (!charset.test(html)) throw new Error('index.html needs <meta charset="UTF-8" /> for the CSP to follow');
      return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
    },
  };
}
