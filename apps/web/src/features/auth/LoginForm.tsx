import {
  API,
  type FieldErrors,
  type LoginBody,
  type Me,
  NON_FIELD_ERRORS,
  UI_TEXTS,
} from '@course-coach/contracts';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from '../../api/client.ts';
import { loadShellSchemas, meSchema } from '../../api/lazy-schemas.ts';

/** Texts of the sign-in form that are ours (the spec does not show a sign-in page). */
export const LOGIN_TEXTS = {
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  showPassword: 'Show password',
  failedTitle: 'Sign-in failed',
  rateLimitedTitle: 'Sign-in paused',
} as const;

interface FormErrors {
  email?: string;
  password?: string;
  /** Messages for the whole form: non_field_errors, 429, network and unexpected errors. */
  form: string[];
  rateLimited: boolean;
}

const NO_ERRORS: FormErrors = { form: [], rateLimited: false };

/** Minutes to wait, rounded up, as words ("1 minute", "12 minutes"). */
function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Turns a failed sign-in answer into the form's errors. */
function errorsFrom(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return { form: [UI_TEXTS.serverError], rateLimited: false };
  if (error.status === 429) {
    const wait = error.retryAfterSeconds
      ? ` You can try again in about ${minutes(error.retryAfterSeconds)}.`
      : '';
    return { form: [`${error.detail ?? UI_TEXTS.loginRateLimited}${wait}`], rateLimited: true };
  }
  if (error.status === 400) {
    const fields: FieldErrors = error.fieldErrors;
    const out: FormErrors = { form: [...(fields[NON_FIELD_ERRORS] ?? [])], rateLimited: false };
    for (const [key, messages] of Object.entries(fields)) {
      if (key === NON_FIELD_ERRORS || messages.length === 0) continue;
      if (key === 'email' || key === 'password') out[key] = messages.join(' ');
      else out.form.push(...messages);
    }
    if (!out.email && !out.password && out.form.length === 0) out.form.push(error.message);
    return out;
  }
  return { form: [error.message], rateLimited: false };
}

/**
 * Checks the fields with the server's own schema before sending (same messages as the server's); the
 * schema loads on the first submit (`lazy-schemas.ts`). Null when valid.
 * @throws when the schema's chunk cannot be fetched (the caller shows the network error).
 */
async function validate(values: LoginBody): Promise<FormErrors | null> {
  const { LoginBodySchema } = await loadShellSchemas();
  const result = LoginBodySchema.safeParse(values);
  if (result.success) return null;
  const out: FormErrors = { form: [], rateLimited: false };
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === 'email' || key === 'password') && !out[key]) out[key] = issue.message;
  }
  return out;
}

export interface LoginFormProps {
  /** Called with the Me document after a successful sign-in. */
  onSuccess: (me: Me) => void;
}

/**
 * Sign-in form: labelled email and password inputs, field errors beside the fields, errors for the whole
 * form (wrong credentials, too many attempts, network) in an alert above them; the submit button is
 * disabled while the request is pending.
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** True while a submit waits for the schema (a second submit meanwhile is ignored, as while pending). */
  const validating = useRef(false);

  const focusFirstInvalid = (next: FormErrors) => {
    if (next.email) emailRef.current?.focus();
    else if (next.password) passwordRef.current?.focus();
  };

  // AUTH_ENDPOINTS.login, called by hand with the lazy schema: zod stays out of the first load.
  const login = useMutation({
    mutationFn: (body: LoginBody) => apiPost(API.login, body, meSchema),
    onSuccess: (me) => onSuccess(me),
    onError: (error) => {
      const next = errorsFrom(error);
      setErrors(next);
      focusFirstInvalid(next);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || validating.current) return;
    const body = { email: values.email.trim(), password: values.password };
    let invalid: FormErrors | null;
    validating.current = true;
    try {
      invalid = await validate(body);
    } catch {
      invalid = errorsFrom(new ApiError(0, null, NETWORK_ERROR_MESSAGE));
    } finally {
      validating.current = false;
    }
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(invalid);
      return;
    }
    setErrors(NO_ERRORS);
    login.mutate(body);
  };

  const change = (field: keyof LoginBody) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {errors.form.length > 0 && (
          <Alert
            color={errors.rateLimited ? 'orange' : 'red'}
            variant="light"
            title={errors.rateLimited ? LOGIN_TEXTS.rateLimitedTitle : LOGIN_TEXTS.failedTitle}
            role="alert"
            data-testid="login-error"
          >
            {errors.form.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <TextInput
          ref={emailRef}
          label={LOGIN_TEXTS.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordInput
          ref={passwordRef}
          label={LOGIN_TEXTS.password}
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': LOGIN_TEXTS.showPassword }}
        />
        <Button type="submit" fullWidth loading={login.isPending} disabled={login.isPending}>
          {LOGIN_TEXTS.submit}
        </Button>
      </Stack>
    </form>
  );
}
