import { API, type ContentDocument, DOCUMENT_ERRORS, MAX_DOCUMENT_BYTES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { DOCUMENT_TEXTS, DocumentLink, DocumentSection } from './DocumentSection.tsx';

const COACH = 4;
const ITEM = 31;
const url = API.contentDocument(COACH, 'bulletins', ITEM);

const pdf: ContentDocument = {
  document_name: 'Exam guide.pdf',
  kind: 'file',
  url: API.contentDocumentFile(COACH, 'bulletins', ITEM),
  content_type: 'application/pdf',
  byte_size: 2 * 1024 * 1024,
};

describe('DocumentSection', () => {
  it('says to save first for an item not saved yet, and asks the server nothing', () => {
    const fetch = stubFetch({});
    renderWithApp(<DocumentSection coachId={COACH} kind="bulletins" itemId={null} />);
    expect(screen.getByText(DOCUMENT_TEXTS.saveFirst)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows “No document”, attaches a link as JSON and then shows it', async () => {
    let current: ContentDocument | null = null;
    let sent: unknown = null;
    stubFetch({
      [`GET ${url}`]: () => (current ? { body: current } : { status: 404, body: { detail: 'Not found.' } }),
      [`PUT ${url}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        current = {
          document_name: 'Library guide',
          kind: 'link',
          url: 'https://library.example.edu/guide',
          content_type: null,
          byte_size: null,
        };
        return { body: current };
      },
    });
    renderWithApp(<DocumentSection coachId={COACH} kind="bulletins" itemId={ITEM} />);
    expect(await screen.findByText(DOCUMENT_TEXTS.none)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(DOCUMENT_TEXTS.url), {
      target: { value: ' https://library.example.edu/guide ' },
    });
    fireEvent.change(screen.getByLabelText(DOCUMENT_TEXTS.linkName), { target: { value: 'Library guide' } });
    fireEvent.click(screen.getByRole('button', { name: DOCUMENT_TEXTS.attachLink }));
    expect(await screen.findByText(DOCUMENT_TEXTS.attached('Library guide'))).toBeInTheDocument();
    expect(sent).toEqual({ url: 'https://library.example.edu/guide', document_name: 'Library guide' });
    const link = await screen.findByRole('link', { name: 'Library guide' });
    expect(link).toHaveAttribute('href', 'https://library.example.edu/guide');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows the server’s field error beside the link field', async () => {
    stubFetch({
      [`GET ${url}`]: { status: 404, body: { detail: 'Not found.' } },
      [`PUT ${url}`]: { status: 400, body: { url: [DOCUMENT_ERRORS.url] } },
    });
    renderWithApp(<DocumentSection coachId={COACH} kind="bulletins" itemId={ITEM} />);
    await screen.findByText(DOCUMENT_TEXTS.none);
    fireEvent.change(screen.getByLabelText(DOCUMENT_TEXTS.url), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: DOCUMENT_TEXTS.attachLink }));
    expect(await screen.findByText(DOCUMENT_ERRORS.url)).toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it', async () => {
    const fetch = stubFetch({ [`GET ${url}`]: { status: 404, body: { detail: 'Not found.' } } });
    const { container } = renderWithApp(<DocumentSection coachId={COACH} kind="bulletins" itemId={ITEM} />);
    await screen.findByText(DOCUMENT_TEXTS.none);
    const big = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'huge.pdf', { type: 'application/pdf' });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [big] } });
    fireEvent.click(await screen.findByRole('button', { name: DOCUMENT_TEXTS.attachFile }));
    expect(await screen.findByText(DOCUMENT_ERRORS.tooLarge)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('uploads a file as its raw bytes with its name, and removes it after a confirmation', async () => {
    let current: ContentDocument | null = pdf;
    let deleted = false;
    const fetch = stubFetch({
      [`GET ${url}`]: () => (current ? { body: current } : { status: 404, body: { detail: 'Not found.' } }),
      [`PUT ${url}`]: { body: pdf },
      [`DELETE ${url}`]: () => {
        deleted = true;
        current = null;
        return { status: 204 };
      },
    });
    const { container } = renderWithApp(<DocumentSection coachId={COACH} kind="bulletins" itemId={ITEM} />);
    const current1 = await screen.findByTestId('current-document');
    expect(within(current1).getByRole('link', { name: 'Exam guide.pdf' })).toHaveAttribute('href', pdf.url);
    expect(within(current1).getByText('PDF · 2.0 MB')).toBeInTheDocument();

    const file = new File(['%PDF-1.4 guide'], 'Exam guide.pdf', { type: 'application/pdf' });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: DOCUMENT_TEXTS.attachFile }));
    await screen.findByText(DOCUMENT_TEXTS.attached('Exam guide.pdf'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const init = put[1]!;
    expect(String(put[0])).toBe(`${url}?file_name=Exam%20guide.pdf`);
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/octet-stream');
    expect(init.body).toBe(file);

    fireEvent.click(screen.getByRole('button', { name: DOCUMENT_TEXTS.remove }));
    const dialog = await screen.findByRole('dialog', { name: DOCUMENT_TEXTS.removeTitle });
    expect(deleted).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: DOCUMENT_TEXTS.remove }));
    expect(await screen.findByText(DOCUMENT_TEXTS.removed)).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('current-document')).toHaveTextContent(DOCUMENT_TEXTS.none),
    );
  });
});

describe('DocumentLink', () => {
  it('shows the item’s document to a student, and nothing when it has none', async () => {
    stubFetch({ [`GET ${url}`]: { body: pdf } });
    const first = renderWithApp(<DocumentLink coachId={COACH} kind="bulletins" itemId={ITEM} />);
    const link = await screen.findByRole('link', { name: 'Exam guide.pdf' });
    expect(link).toHaveAttribute('href', pdf.url);
    expect(screen.getByTestId('item-document')).toHaveTextContent('Document: Exam guide.pdf (PDF · 2.0 MB)');
    first.unmount();

    const fetch = stubFetch({});
    renderWithApp(<DocumentLink coachId={COACH} kind="bulletins" itemId={ITEM} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('item-document')).toBeNull();
  });
});
