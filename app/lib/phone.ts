/** Digits of a phone number for tel:/sms: links; a 10-digit US number gets its +1 country code. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return digits;
}

export const telHref = (phone: string) => `tel:${phoneDigits(phone)}`;
export const smsHref = (phone: string) => `sms:${phoneDigits(phone)}`;
