import ipaddr from "ipaddr.js";

/**
 * The address a client is counted under by every per-client limit (sign-in throttle, form and
 * booking limits, password resets, availability lookups): an IPv4 address as it is, an IPv6
 * address by its /64 network (one household or server gets a whole /64, so its single addresses
 * cost nothing).
 */
export function countedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
