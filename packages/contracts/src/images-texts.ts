/**
 * The images' texts, apart from the module's schemas so that a screen naming one of them (the
 * coach dashboard's section titles) does not bring the schemas, and zod, along (docs/architecture.md
 * "Keeping the first load small"); re-exported by their module as before.
 */

/** Texts of the web app's testimonial picture page (ours), named by the student's sidebar links too. */
export const IMAGES_PAGE_TEXTS = {
  title: 'Your testimonial picture',
  intro:
    'This picture is shown beside your testimonial (below) when staff feature it on the coach dashboard and you agree. Pick one of the coach’s pictures or upload your own.',
  change: 'Change picture',
  reset: 'Use the default picture',
  current: 'Current picture',
} as const;

/** User-visible image picker texts, verbatim from the spec (§2 Image select modal). */

export const IMAGE_TEXTS = {
  selectImage: 'Select Image',
  cancel: 'Cancel',
  select: 'Select',
  hintTouch: 'Double tap the image',
  hintPointer: 'Please select the image',
  iconPrompt: 'Please select an image that is most applicable to this testimonial',
  saveSelection: 'Save Image Selection',
  or: '- OR -',
  uploadYourOwn: 'Upload Your Own',
  updateUploaded: 'Update Uploaded Image',
} as const;
