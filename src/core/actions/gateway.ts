/** An ActionGateway from a connected GatewayClient (the extension's live mode: a shared connection, never closed here). */
import type { ActionGateway, GatewayWrites } from './types';

export function clientGateway(client: GatewayWrites, url: string, close?: () => Promise<void>): ActionGateway {
  return close ? { client, url, close } : { client, url };
}
