import { SSO_ROLES, type SsoRole } from '@course-coach/contracts';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';

const ROLE_LABELS: Record<SsoRole, string> = { student: 'Student', instructor: 'Instructor', staff: 'Staff' };

/** One row of a role mapping being edited. */
export interface MappingRow {
  value: string;
  role: SsoRole;
}

/** Rows of a stored mapping (one empty student row when there is none). */
export function mappingRows(mapping: Record<string, SsoRole>): MappingRow[] {
  const rows = Object.entries(mapping).map(([value, role]) => ({ value, role }));
  return rows.length > 0 ? rows : [{ value: '', role: 'student' }];
}

/** The mapping the rows make (rows without a value are left out). */
export function mappingOf(rows: MappingRow[]): Record<string, SsoRole> {
  return Object.fromEntries(rows.filter((m) => m.value.trim()).map((m) => [m.value.trim(), m.role]));
}

export interface RoleMappingRowsProps {
  rows: MappingRow[];
  onChange: (rows: MappingRow[]) => void;
  /** How a value is named: “Claim value” (OpenID Connect) or “Attribute value” (SAML). */
  valueLabel: string;
  /** How a row's role is named (default “Role”), so two editors on one page keep distinct labels. */
  roleLabel?: string;
  /** The API's errors of `role_mapping` and `role_mapping.<value>`, already joined. */
  error?: string;
}

/**
 * The role mapping editor of the sign-in settings (docs/sso.md): value → Course Coach role rows, each
 * removable, and a row to add. Only a row mapped to Staff grants staff.
 */
export function RoleMappingRows({
  rows,
  onChange,
  valueLabel,
  roleLabel = 'Role',
  error,
}: RoleMappingRowsProps) {
  return (
    <>
      {rows.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place.
        <Group key={i} align="end" wrap="wrap">
          <TextInput
            label={`${valueLabel} ${i + 1}`}
            value={m.value}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(rows.map((x, j) => (j === i ? { ...x, value } : x)));
            }}
            w={240}
          />
          <Select
            label={`${roleLabel} ${i + 1}`}
            data={SSO_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            value={m.role}
            allowDeselect={false}
            onChange={(v) => v && onChange(rows.map((x, j) => (j === i ? { ...x, role: v as SsoRole } : x)))}
            w={180}
          />
          <Button variant="subtle" color="red" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove row {i + 1}
          </Button>
        </Group>
      ))}
      <Button
        variant="default"
        w="fit-content"
        onClick={() => onChange([...rows, { value: '', role: 'student' }])}
      >
        Add a mapping row
      </Button>
      {error && (
        <Text c="red" size="sm" role="alert" data-testid="role-mapping-error">
          {error}
        </Text>
      )}
    </>
  );
}
