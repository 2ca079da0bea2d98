/** Request ids: a caller's `x-request-id` is kept when it is short and plain, otherwise one is made. */
import { randomUUID } from 'node:crypto';

const SANE = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE.test(value) ? value : randomUUID();
}
