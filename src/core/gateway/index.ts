/**
 * The OpenClaw Gateway client (protocol 4): see client.ts (connection lifecycle, reconnect, typed methods),
 * requests.ts (request/response correlation, events), handshake.ts (connect / hello / auth / device),
 * clientBase.ts (settings, state, errors), clientTypes.ts (options and the connection it reports),
 * protocol.ts (frames, scopes), methods.ts (method and event payloads), errors.ts (error classification),
 * identity.ts (Ed25519 device identity and stores) and token.ts (where the token and URL come from). The scripted Gateway for tests is test/support/fakeGateway.ts.
 */
export * from './client';
export * from './clientTypes';
export * from './errors';
export * from './identity';
export * from './methods';
export * from './protocol';
export * from './token';
