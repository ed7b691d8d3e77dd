/**
 * The words a client is found by in the admin's search (docs/decisions.md, 49): each word of the
 * name and of the e-mail key (split at anything not a letter or digit), and every ending of the
 * phone key's digits three or more long, so a search for the last digits or the number without
 * its area code finds it. A search word matches the start of a client word: "jan" finds Jane and
 * Janet, "0142" finds (713) 555-0142.
 *
 * Self-contained on purpose: the SQLite submission thread runs this function's own source
 * (sqlite-submission-thread.server.ts), as it does matchClient's.
 */
export function clientSearchWords(client: { name: string; emailKey: string; phoneKey: string }): string[] {
  const words = new Set<string>();
  for (const text of [client.name, client.emailKey])
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word);
  const digits = client.phoneKey.replace(/\D/g, "");
  for (let start = 0; start <= digits.length - 3; start++) words.add(digits.slice(start));
  return [...words];
}
