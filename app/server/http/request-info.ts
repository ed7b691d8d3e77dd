/** Facts about the current request that Express knows and React Router does not. */
export interface RequestInfo {
  nonce: string;
  clientIp: string;
}
