import { API, IMAGE_ERRORS, IMAGE_TEXTS, type ImageOption } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { ImageSelectModal } from './ImageSelectModal.tsx';

// The machine running the suite may be busy (lazy chunks, shared CPUs): wait up to 5 s for the UI.
configure({ asyncUtilTimeout: 5000 });

const COACH = 3;
const lib = (id: number, name: string, uploaded = false): ImageOption => ({
  id,
  file_name: name,
  file: API.imageFile(COACH, id),
  file_path: `images/${COACH}/${id}/${name}`,
  uploaded,
});
const LIST = [lib(1, 'Study.png'), lib(2, 'Sleep.png')];

function open(props: Partial<Parameters<typeof ImageSelectModal>[0]> = {}) {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <ImageSelectModal
      coachId={COACH}
      opened
      onClose={onClose}
      current={null}
      onSelect={onSelect}
      {...props}
    />,
  );
  return { onSelect, onClose };
}

describe('ImageSelectModal', () => {
  it('plain variant: title, pointer hint, grid, Cancel and Select with the chosen image', async () => {
    stubFetch({ [`GET ${API.images(COACH)}`]: { body: LIST } });
    const { onSelect } = open();
    const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXTS.selectImage });
    expect(within(dialog).getByText(IMAGE_TEXTS.hintPointer)).toBeInTheDocument();
    expect(within(dialog).queryByText(IMAGE_TEXTS.uploadYourOwn)).not.toBeInTheDocument();
    const select = within(dialog).getByRole('button', { name: IMAGE_TEXTS.select });
    expect(select).toBeDisabled();
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Sleep.png' }));
    expect(within(dialog).getByRole('option', { name: 'Sleep.png' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.click(select);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(LIST[1]));
    expect(within(dialog).getByRole('button', { name: IMAGE_TEXTS.cancel })).toBeInTheDocument();
  });

  it('shows the touch hint on an iPhone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
    );
    stubFetch({ [`GET ${API.images(COACH)}`]: { body: LIST } });
    open();
    expect(await screen.findByText(IMAGE_TEXTS.hintTouch)).toBeInTheDocument();
  });

  it('icon variant: choosing an image clears an upload, and uploading clears the chosen image (spec §4)', async () => {
    const uploaded = lib(9, 'me.png', true);
    const fetch = stubFetch({
      [`GET ${API.images(COACH)}`]: { body: LIST },
      [`POST ${API.images(COACH)}`]: { status: 201, body: uploaded },
    });
    const { onSelect } = open({ variant: 'icon', current: LIST[0] });
    const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXTS.selectImage });
    expect(within(dialog).getByText(IMAGE_TEXTS.iconPrompt)).toBeInTheDocument();
    expect(within(dialog).getByText(IMAGE_TEXTS.or)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: IMAGE_TEXTS.uploadYourOwn })).toBeInTheDocument();
    expect(await within(dialog).findByRole('option', { name: 'Study.png' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(dialog).findByTestId('image-upload-name')).toHaveTextContent('me.png');
    expect(within(dialog).getByRole('option', { name: 'Study.png' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(within(dialog).getByRole('button', { name: IMAGE_TEXTS.updateUploaded })).toBeInTheDocument();

    // Choosing an existing image clears the upload.
    fireEvent.click(within(dialog).getByRole('option', { name: 'Sleep.png' }));
    expect(within(dialog).queryByTestId('image-upload-name')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: IMAGE_TEXTS.uploadYourOwn })).toBeInTheDocument();

    // Uploading again makes the file the source of the selection.
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: IMAGE_TEXTS.saveSelection }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(uploaded));
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(String(post[0])).toBe(`${API.images(COACH)}?file_name=me.png`);
    expect(post[1]!.body).toBe(file);
  });

  it('shows the server’s refusal of a non-image upload and stays open', async () => {
    stubFetch({
      [`GET ${API.images(COACH)}`]: { body: LIST },
      [`POST ${API.images(COACH)}`]: { status: 400, body: { file: [IMAGE_ERRORS.notImage] } },
    });
    const { onSelect, onClose } = open({ variant: 'icon' });
    const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXTS.selectImage });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'fake.png', { type: 'image/png' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: IMAGE_TEXTS.saveSelection }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IMAGE_ERRORS.notImage);
    expect(onSelect).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
