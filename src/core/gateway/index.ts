/**
 * The OpenClaw Gateway client (protocol 4): see client.ts (connection, requests, events, reconnect),
 * protocol.ts (frames, scopes, error classification), identity.ts (Ed25519 device identity and stores) and
 * token.ts (where the token and URL come from). The scripted Gateway for tests is test/support/fakeGateway.ts.
 */
export * from './client';
export * from './identity';
export * from './protocol';
export * from './token';
