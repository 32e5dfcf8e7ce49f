import { setLocale } from '@dash/shared';
import {
  type TMessage,
  UPLOAD_EMPTY_MESSAGE,
  uploadTooLargeCode,
  uploadTooLargeMessage,
} from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ReplyBox } from './ReplyBox';

const ORGANIZATION_UID = '33333333-3333-4333-8333-333333333333';
const THREAD_UID = '44444444-4444-4444-8444-444444444444';
const REPLY: TMessage = {
  uid: '66666666-6666-4666-8666-666666666666',
  threadUid: THREAD_UID,
  from: 'acme@client.dash.localhost',
  fromName: null,
  to: ['ops@transfero.example'],
  cc: [],
  text: 'Thanks, received.',
  createdAt: '2026-11-20T10:00:00.000Z',
  attachments: [],
  own: true,
  delivery: 'sending',
};

/** The reply box with the API's answer to each POST held until the test lets it go (a 201, or a 500 when `failing`). */
function renderReplyBox({ failing = false } = {}) {
  const posts: string[] = [];
  const answers: Array<() => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (init?.method !== 'POST') return Promise.reject(new Error(`unexpected ${url}`));
      posts.push(url);
      return new Promise<Response>((resolve) => {
        answers.push(() =>
          resolve(
            failing
              ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), {
                  status: 500,
                })
              : new Response(JSON.stringify({ data: REPLY }), { status: 201 }),
          ),
        );
      });
    }),
  );
  renderPage(<ReplyBox organizationUid={ORGANIZATION_UID} threadUid={THREAD_UID} />);
  const textarea = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const sendButton = screen.getByRole('button', { name: 'Send' });
  const answerAll = () => act(async () => void answers.splice(0).map((answer) => answer()));
  return { posts, textarea, sendButton, answerAll };
}

// Where the browser cannot grow a text area itself (jsdom among them), Mantine's autosize does, and
// it listens to `document.fonts`, which jsdom lacks.
const hadFonts = 'fonts' in document;
beforeAll(() => {
  if (!hadFonts) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterAll(() => {
  if (!hadFonts) Reflect.deleteProperty(document, 'fonts');
});
afterEach(() => vi.unstubAllGlobals());

/** The polite announcement of the box (not the test's Location probe). */
const announcement = () =>
  screen.getAllByRole('status').find((element) => !element.hasAttribute('aria-label'));

/**
 * A browser drops focus to the body when the focused control is disabled, as the send disables the
 * text area and the spinning Send button. jsdom keeps it there (and will not blur a disabled
 * control): focus is dropped as a browser would, through a control that then leaves the page.
 */
async function sendingDropsFocus(textarea: HTMLTextAreaElement) {
  await waitFor(() => expect(textarea.disabled).toBe(true));
  const dropped = document.createElement('button');
  document.body.append(dropped);
  dropped.focus();
  dropped.remove();
  expect(document.activeElement).toBe(document.body);
}

/**
 * The box's hidden file input as a browser's picker fills it: the input holds the files chosen until
 * its value is emptied, and choosing again the very files it holds fires no change (jsdom fires
 * whatever it is told). The browser gives a new File for each pick: `pick` takes the files as chosen.
 */
function filePicker(container: HTMLElement) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  let held: File[] = [];
  Object.defineProperty(input, 'value', {
    configurable: true,
    get: () => (held[0] ? `C:\\fakepath\\${held[0].name}` : ''),
    set: (value: string) => {
      if (value === '') held = [];
    },
  });
  return (...files: File[]) => {
    const same = (a: File, b: File) =>
      a.name === b.name && a.size === b.size && a.lastModified === b.lastModified && a.type === b.type;
    if (files.length === held.length && files.every((file, at) => same(file, held[at] as File))) return;
    held = files;
    fireEvent.change(input, { target: { files } });
  };
}

/** The same file on disk, as each pick gives it (a new File with the same name, size, type and date). */
const NOTE = () => new File(['note'], 'note.txt', { type: 'text/plain', lastModified: 1_700_000_000_000 });

/** The reply box whose uploads never answer (the chips stay, uploading); counts the uploads asked. */
function renderWithUploads() {
  const uploads = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', uploads);
  const { container } = renderPage(<ReplyBox organizationUid={ORGANIZATION_UID} threadUid={THREAD_UID} />);
  const chips = () => screen.queryAllByRole('button', { name: 'Remove note.txt' });
  return { pick: filePicker(container), uploads, chips };
}

describe('the reply box', () => {
  it('sends a double-clicked reply once', async () => {
    const { posts, textarea, sendButton, answerAll } = renderReplyBox();
    fireEvent.change(textarea, { target: { value: 'Thanks, received.' } });
    // Both clicks land before React renders the pending state.
    fireEvent.click(sendButton);
    fireEvent.click(sendButton);
    await waitFor(() => expect(textarea.disabled).toBe(true));
    expect(posts).toEqual([`/api/v0/messages/${THREAD_UID}`]);

    await answerAll();
    await waitFor(() => expect(textarea.value).toBe(''));
    expect(posts).toHaveLength(1);
  });

  it('spins Send in the same commit that disables the box, not one frame later', async () => {
    const { textarea, sendButton, answerAll } = renderReplyBox();
    fireEvent.change(textarea, { target: { value: 'Thanks' } });
    // Seen at the commit itself (a mutation observer runs before any next frame): Mantine's
    // transition for a boolean `loading` showed the spinner only from the next animation frame on.
    const spinning = new Promise<boolean>((resolve) => {
      const observer = new MutationObserver(() => {
        if (sendButton.getAttribute('aria-busy') !== 'true') return;
        observer.disconnect();
        resolve(sendButton.querySelector('.mantine-ActionIcon-loader') !== null);
      });
      observer.observe(sendButton, { attributes: true, childList: true, subtree: true });
    });
    fireEvent.click(sendButton);
    expect(await spinning).toBe(true);
    expect(textarea.disabled).toBe(true);
    await answerAll();
    await waitFor(() => expect(sendButton.getAttribute('aria-busy')).toBeNull());
    expect(sendButton.querySelector('.mantine-ActionIcon-loader')).toBeNull();
  });

  it('sends once for Enter pressed twice, and sends the next reply after the first is stored', async () => {
    const { posts, textarea, answerAll } = renderReplyBox();
    fireEvent.change(textarea, { target: { value: 'First' } });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => expect(textarea.disabled).toBe(true));
    expect(posts).toHaveLength(1);
    await answerAll();
    await waitFor(() => expect(textarea.disabled).toBe(false));

    fireEvent.change(textarea, { target: { value: 'Second' } });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => expect(posts).toHaveLength(2));
    await answerAll();
  });

  it('says at the box that a reply is too long, with Send off, and sends nothing', () => {
    const { posts, textarea, sendButton } = renderReplyBox();
    fireEvent.change(textarea, { target: { value: 'x'.repeat(50_001) } });
    expect(screen.getByText('A message must be at most 50000 characters.')).toBeTruthy();
    expect(sendButton).toHaveProperty('disabled', true);
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(posts).toEqual([]);
    fireEvent.change(textarea, { target: { value: 'x'.repeat(50_000) } });
    expect(screen.queryByText('A message must be at most 50000 characters.')).toBeNull();
    expect(sendButton).toHaveProperty('disabled', false);
  });

  it("keeps a thread's unsent draft when the box is mounted again (another conversation opened, then this one)", async () => {
    const first = renderReplyBox();
    fireEvent.change(first.textarea, { target: { value: 'Half-written answer' } });
    cleanup();
    const again = renderReplyBox();
    expect(again.textarea.value).toBe('Half-written answer');
    // Sent: no draft left behind.
    fireEvent.keyDown(again.textarea, { key: 'Enter' });
    await waitFor(() => expect(again.posts).toHaveLength(1));
    await again.answerAll();
    await waitFor(() => expect(again.textarea.value).toBe(''));
    cleanup();
    expect(renderReplyBox().textarea.value).toBe('');
  });

  it('gives focus back to the message field and says politely that the reply was sent (Enter)', async () => {
    const { textarea, answerAll } = renderReplyBox();
    expect(announcement()?.textContent).toBe('');
    textarea.focus();
    fireEvent.change(textarea, { target: { value: 'Thanks, received.' } });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await sendingDropsFocus(textarea);

    await answerAll();
    await waitFor(() => expect(document.activeElement).toBe(textarea));
    expect(textarea.disabled).toBe(false);
    expect(textarea.value).toBe('');
    expect(announcement()?.textContent).toBe('Reply sent.');
  });

  it('gives focus back to the message field after Send too, and after a failed send (the text kept, nothing said sent)', async () => {
    const { textarea, sendButton, answerAll } = renderReplyBox({ failing: true });
    fireEvent.change(textarea, { target: { value: 'Thanks, received.' } });
    sendButton.focus();
    fireEvent.click(sendButton);
    await sendingDropsFocus(textarea);

    await answerAll();
    await waitFor(() => expect(document.activeElement).toBe(textarea));
    expect(textarea.value).toBe('Thanks, received.');
    expect(announcement()?.textContent).toBe('');
  });

  it('does not take focus back from where the user went while the reply was on its way', async () => {
    const { textarea, answerAll } = renderReplyBox();
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    try {
      fireEvent.change(textarea, { target: { value: 'Thanks, received.' } });
      fireEvent.keyDown(textarea, { key: 'Enter' });
      await waitFor(() => expect(textarea.disabled).toBe(true));
      elsewhere.focus();
      await answerAll();
      await waitFor(() => expect(textarea.disabled).toBe(false));
      expect(document.activeElement).toBe(elsewhere);
    } finally {
      elsewhere.remove();
    }
  });

  it("hands focus to the next attachment's Remove when one is removed, and to Attach file when none is left", async () => {
    // The uploads never answer: the chips stay (uploading) for the test to remove.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { container } = renderPage(<ReplyBox organizationUid={ORGANIZATION_UID} threadUid={THREAD_UID} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = (name: string) => new File(['x'], name, { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file('note.txt'), file('b.txt'), file('c.txt')] } });
    const remove = (name: string) => screen.getByRole('button', { name: `Remove ${name}` });

    // Enter on a focused button is its click.
    remove('note.txt').focus();
    fireEvent.click(remove('note.txt'));
    expect(screen.queryByRole('button', { name: 'Remove note.txt' })).toBeNull();
    expect(document.activeElement).toBe(remove('b.txt'));

    // The last chip: the one before it.
    remove('c.txt').focus();
    fireEvent.click(remove('c.txt'));
    expect(document.activeElement).toBe(remove('b.txt'));

    fireEvent.click(remove('b.txt'));
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Attach file' }));
  });

  it('attaches a file again after its chip was removed (the input is emptied after each pick)', () => {
    const { pick, uploads, chips } = renderWithUploads();
    pick(NOTE());
    expect(chips()).toHaveLength(1);
    expect(uploads).toHaveBeenCalledTimes(1);

    fireEvent.click(chips()[0] as HTMLElement);
    expect(chips()).toHaveLength(0);
    pick(NOTE());
    expect(chips()).toHaveLength(1);
    expect(uploads).toHaveBeenCalledTimes(2);
  });

  it('does not attach twice a file still attached, and says so politely', async () => {
    const { pick, uploads, chips } = renderWithUploads();
    pick(NOTE());
    pick(NOTE());
    expect(chips()).toHaveLength(1);
    expect(uploads).toHaveBeenCalledTimes(1);
    expect(announcement()?.textContent).toBe('note.txt is already attached.');

    // Picked again with another file: the other one is attached, and the same words are said again
    // (emptied first: a live region says a change, and the same text is none).
    const said: string[] = [];
    const status = announcement() as HTMLElement;
    // What each change left in the region (a record's own nodes: the records come in one batch).
    const observer = new MutationObserver((records) => {
      for (const record of records)
        said.push(
          record.type === 'characterData'
            ? (record.target.textContent ?? '')
            : [...record.addedNodes].map((node) => node.textContent).join(''),
        );
    });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    pick(NOTE(), new File(['b'], 'b.txt', { type: 'text/plain' }));
    await waitFor(() => expect(said).toEqual(['', 'note.txt is already attached.']));
    observer.disconnect();
    expect(chips()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove b.txt' })).toBeTruthy();
    expect(uploads).toHaveBeenCalledTimes(2);
  });

  it('keeps a long unbroken line inside the box: the text area may not widen its row', () => {
    const { textarea } = renderReplyBox();
    // jsdom lays nothing out; a browser is the real check. These are the two limits that hold the
    // width: the field may shrink below its text's width, and the text breaks anywhere to wrap.
    const field = textarea.closest('.mantine-Textarea-root') as HTMLElement;
    expect(Number.parseFloat(field.style.minWidth)).toBe(0);
    expect(textarea.style.getPropertyValue('overflow-wrap')).toBe('anywhere');
  });
});

describe('a refused file among several picked', () => {
  afterEach(() => setLocale('en', { remember: false }));

  it('is named in its toast, in the reader’s language, and the accepted file stays attached', async () => {
    cleanNotifications();
    const MB = 1024 * 1024;
    // The API refuses an empty file (400) and one above its limit (413, its own limit in its words);
    // the accepted file's upload never answers, so its chip stays.
    const uploads = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { byteSize } = JSON.parse(String(init?.body)) as { byteSize: number };
      if (byteSize === 0)
        return Response.json(
          { error: { code: 'VALIDATION', message: UPLOAD_EMPTY_MESSAGE, messageCode: 'messages.fileEmpty' } },
          { status: 400 },
        );
      if (byteSize > 25 * MB) {
        const message = uploadTooLargeMessage(25 * MB);
        const { code: messageCode, params } = uploadTooLargeCode(25 * MB);
        return Response.json(
          { error: { code: 'PAYLOAD_TOO_LARGE', message, messageCode, params } },
          { status: 413 },
        );
      }
      return new Promise<Response>(() => {});
    });
    vi.stubGlobal('fetch', uploads);
    await act(() => setLocale('pt-BR', { remember: false }));
    const { container } = renderPage(<ReplyBox organizationUid={ORGANIZATION_UID} threadUid={THREAD_UID} />);
    const large = new File(['x'], 'extrato.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 30 * MB });
    filePicker(container)(
      new File(['ok'], 'nota.txt', { type: 'text/plain' }),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
      new File([], 'vazio.txt', { type: 'text/plain' }),
      large,
    );

    const toasts = () =>
      notificationsStore.getState().notifications.map((toast) => [toast.title, toast.message]);
    const title = 'Não foi possível enviar o arquivo';
    await waitFor(() => expect(toasts()).toHaveLength(3));
    expect(toasts()).toEqual(
      expect.arrayContaining([
        [title, expect.stringMatching(/^setup\.exe não foi anexado\. Este tipo de arquivo não é/)],
        [title, 'vazio.txt não foi anexado. O arquivo está vazio.'],
        [title, 'extrato.pdf não foi anexado. Os arquivos devem ter no máximo 25 MB.'],
      ]),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Remover nota.txt' })).toBeTruthy();
  });
});
