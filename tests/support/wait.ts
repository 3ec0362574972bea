/**
 * Reads until `done` holds or `ms` pass, and answers the last value read (the test's own
 * assertion then says what was wrong). For work a server finishes after answering (the outbox,
 * the mail queue); never a stand-in for a clock the test can set.
 */
export async function until<T>(read: () => Promise<T>, done: (t: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
