import { TESTIMONIAL_MAX, TESTIMONIAL_TEXTS, type Testimonial } from '@course-coach/contracts';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { useDeleteMyTestimonial, useSaveMyTestimonial } from './testimonials-api.ts';

/**
 * A student's testimonial form: the text (plain, at most 500 characters; the server refuses HTML with a
 * field error shown under the field), the consent checkbox, Save and Delete. Shows whether staff feature it.
 */
export function TestimonialForm({ coachId, current }: { coachId: number; current: Testimonial | null }) {
  const [text, setText] = useState(current?.text ?? '');
  const [consent, setConsent] = useState(current?.consent ?? false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveMyTestimonial(coachId);
  const remove = useDeleteMyTestimonial(coachId);

  const fail = (error: unknown) => {
    setSaved(false);
    if (isApiError(error, 400)) {
      setErrors(error.fieldErrors);
      const others = Object.entries(error.fieldErrors)
        .filter(([k]) => k !== 'text' && k !== 'consent')
        .flatMap(([, m]) => m);
      setGeneral(others.length ? others.join(' ') : null);
    } else {
      setErrors({});
      setGeneral(errorMessage(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ text, consent });
      setErrors({});
      setGeneral(null);
      setSaved(true);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="testimonial-form">
      <Stack gap="md">
        {current?.featured && (
          <Group gap="xs">
            <Badge color="teal.9" data-testid="testimonial-featured">
              {TESTIMONIAL_TEXTS.featuredBadge}
            </Badge>
            {!current.consent && (
              <Text size="sm" c="dimmed">
                {TESTIMONIAL_TEXTS.pendingConsent}
              </Text>
            )}
          </Group>
        )}
        <Textarea
          label={TESTIMONIAL_TEXTS.text}
          description={TESTIMONIAL_TEXTS.textHint}
          name="text"
          required
          autosize
          minRows={3}
          maxLength={TESTIMONIAL_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setSaved(false);
          }}
          error={errors.text?.join(' ')}
        />
        <Checkbox
          label={TESTIMONIAL_TEXTS.consent}
          checked={consent}
          onChange={(e) => {
            setConsent(e.currentTarget.checked);
            setSaved(false);
          }}
          error={errors.consent?.join(' ')}
          name="consent"
        />
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        {saved && (
          <Text role="status" c="teal.9" size="sm" data-testid="testimonial-saved">
            {TESTIMONIAL_TEXTS.saved}
          </Text>
        )}
        <Group justify="space-between">
          <Button type="submit" loading={save.isPending}>
            {TESTIMONIAL_TEXTS.save}
          </Button>
          {current && (
            <Button
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={async () => {
                try {
                  await remove.mutateAsync();
                  setText('');
                  setConsent(false);
                  setSaved(false);
                } catch (error) {
                  fail(error);
                }
              }}
            >
              {TESTIMONIAL_TEXTS.remove}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
