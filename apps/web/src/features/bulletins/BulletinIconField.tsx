/** The bulletin editor's Icon field: the chosen image, the image picker and Remove. */
import { BULLETIN_UI_TEXTS, type ImageOption } from '@course-coach/contracts';
import { Button, Fieldset, Group, Image, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { ImageSelectModal } from '../images/index.ts';
import { EDITOR_TEXTS } from './bulletin-form-values.ts';

/** The icon `icon` of a bulletin of coach `coachId`; `onChange` gets the picked image or null; `error` shows below. */
export function BulletinIconField({
  coachId,
  icon,
  onChange,
  error,
}: {
  coachId: number;
  icon: { id: number; url: string } | null;
  onChange: (icon: { id: number; url: string } | null) => void;
  error?: string;
}) {
  const [picking, setPicking] = useState(false);
  const iconCurrent: ImageOption | null = null;
  return (
    <>
      <Fieldset legend={EDITOR_TEXTS.icon}>
        <Group>
          {icon ? (
            <Image src={icon.url} alt="The chosen icon" w={48} h={48} fit="contain" />
          ) : (
            <Text size="sm">{EDITOR_TEXTS.noIcon}</Text>
          )}
          <Button variant="default" onClick={() => setPicking(true)}>
            {BULLETIN_UI_TEXTS.chooseIcon}
          </Button>
          {icon && (
            <Button variant="subtle" color="red.9" onClick={() => onChange(null)}>
              {BULLETIN_UI_TEXTS.removeIcon}
            </Button>
          )}
        </Group>
        {error && <Input.Error mt={4}>{error}</Input.Error>}
      </Fieldset>
      <ImageSelectModal
        coachId={coachId}
        opened={picking}
        onClose={() => setPicking(false)}
        current={iconCurrent}
        onSelect={(image) => onChange({ id: image.id, url: image.file })}
      />
    </>
  );
}
