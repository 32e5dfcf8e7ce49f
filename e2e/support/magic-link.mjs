// Signing in through the API with a magic link from the development outbox: one helper for the e2e
// fixtures and the browser benchmarks (plain ES module, so the benchmarks run it on node as it is).

/**
 * Asks for a sign-in link for `email` and opens it through the API; `request` (a Playwright
 * APIRequestContext, the browser context's own) keeps the session cookie. Runners may sign the same
 * address in side by side, and a link works once: each try takes a link that was not in the mailbox
 * before it asked (mail goes out from a job, so the mailbox is polled), and a refused link means
 * asking again, up to `attempts` times.
 */
export async function signInByMagicLink(
  request,
  email,
  { base = '', attempts = 3, timeoutMs = 10_000 } = {},
) {
  const links = async () => {
    const response = await request.get(`${base}/api/v0/dev/mailbox?to=${encodeURIComponent(email)}`);
    if (!response.ok()) throw new Error(`GET dev/mailbox answered ${response.status()}`);
    const mails = await response.json();
    return mails.flatMap((mail) => mail.links.filter((link) => link.includes('/auth/')));
  };
  for (let attempt = 1; ; attempt += 1) {
    const before = new Set(await links());
    const asked = await request.post(`${base}/api/v0/auth`, { data: { email } });
    if (asked.status() !== 202)
      throw new Error(`POST auth answered ${asked.status()}: ${await asked.text()}`);
    const deadline = Date.now() + timeoutMs;
    let link = (await links()).find((candidate) => !before.has(candidate));
    while (link === undefined) {
      if (Date.now() > deadline) throw new Error(`no new sign-in link to ${email} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      link = (await links()).find((candidate) => !before.has(candidate));
    }
    const token = new URL(link).pathname.split('/').pop();
    const verified = await request.post(`${base}/api/v0/auth/${token}`, { data: {} });
    if (verified.ok()) return;
    if (attempt >= attempts)
      throw new Error(
        `sign-in of ${email}: the link answered ${verified.status()}: ${await verified.text()}`,
      );
  }
}
