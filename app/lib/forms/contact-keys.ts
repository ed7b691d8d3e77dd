/**
 * The forms of an e-mail address or a phone number that count as the same client (or the same
 * mailbox) however they were typed: the booking cap and the daily mail bound compare these.
 */

/**
 * An e-mail address lower-cased and trimmed, without a "+tag" after its name ("Ada+2@Example.com"
 * and "ada@example.com" reach one mailbox). Dots in a Gmail name are left as typed.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const name = address.slice(0, at);
  const plus = name.indexOf("+");
  return (plus > 0 ? name.slice(0, plus) : name) + address.slice(at);
}

/**
 * A phone number's digits, the last ten at most: "+1 (713) 555-0100" and "713.555.0100" are one
 * number (a country code in front does not make another). Empty when it has no digits.
 */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}
