/** Absolute links for mails: PUBLIC_URL when set, else the address the server listens on. */
import type { Config } from '../config';

export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const anyAddress = config.host === '0.0.0.0' || config.host === '::';
  const host = anyAddress
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

export function publicLink(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  path: string,
  query: Record<string, string>,
): string {
  return `${publicBaseUrl(config)}${path}?${new URLSearchParams(query).toString()}`;
}
