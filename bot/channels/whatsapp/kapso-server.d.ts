/**
 * The webhook helpers of `@kapso/whatsapp-cloud-api` live at its "./server" export, which
 * TypeScript's "node" module resolution (ours) cannot see; this declares the one we use, as the
 * package's own dist/server.d.ts does.
 */
declare module '@kapso/whatsapp-cloud-api/server' {
  export function verifySignature(input: { appSecret: string; rawBody: Buffer | string; signatureHeader?: string }): boolean;
}
