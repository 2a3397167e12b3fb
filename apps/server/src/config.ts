import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root (apps/server/src/../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Environment variables, their defaults and rules. The README's configuration table mirrors this. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Seconds the server keeps retrying its first PostgreSQL connection at start (a line per retry)
     * before it gives up with exit code 1; 0: one attempt. Later outages are ridden out without limit.
     */
    DATABASE_CONNECT_TIMEOUT_S: z.coerce.number().int().min(0).max(86_400).default(60),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    /** The OULAD files the demo is imported from (`.csv.gz` or `.csv`); demo-data/oulad ships them. */
    OULAD_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'demo-data/oulad')),
    SEED_DEMO: boolFromEnv.default(true),
    /** Comma-separated `MODULE-PRESENTATION` codes to import (default: all 22). For tests and quick demos. */
    SEED_PRESENTATIONS: z.string().optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(24 * 14),
    /**
     * Absolute session lifetime in hours, counted from sign-in: a session in daily use still ends
     * after this long and the user signs in again. At least SESSION_TTL_HOURS is sensible.
     */
    SESSION_MAX_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24 * 30),
    COOKIE_SECURE: boolFromEnv.default(false),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /**
     * Trust X-Forwarded-For from a reverse proxy (for the client IP in the sign-in rate limit). Leave off
     * unless a proxy that sets the header sits in front: otherwise clients could pick their own IP.
     */
    TRUST_PROXY: boolFromEnv.default(false),
    WORKERS: boolFromEnv.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
    // Canvas LMS (README "Canvas LMS"). Unset CANVAS_BASE_URL: the local Canvas stand-in is used.
    /** The Canvas instance, e.g. https://canvas.example.edu (no trailing path). */
    CANVAS_BASE_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Start the Canvas stand-in on 127.0.0.1 and use it (default: on when CANVAS_BASE_URL is unset). */
    CANVAS_STANDIN: boolFromEnv.optional(),
    /**
     * Start the OpenID provider stand-in on 127.0.0.1 and offer it as the demo institution's single
     * sign-on (docs/sso.md, Demo; default: with the demo, SEED_DEMO).
     */
    OIDC_STANDIN: boolFromEnv.optional(),
    /** Port of the stand-in; 0 picks a free one. */
    CANVAS_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Number of courses the stand-in's teacher has (for demos and paging tests). */
    CANVAS_STANDIN_COURSES: z.coerce.number().int().min(0).max(10_000).default(12),
    /** The developer key's client id (its number in Canvas). */
    CANVAS_CLIENT_ID: z.string().min(1).optional(),
    /** The developer key's secret. */
    CANVAS_CLIENT_SECRET: z.string().min(1).optional(),
    /** Where Canvas sends the browser back; default http://localhost:PORT/api/v1/lms/canvas/callback. */
    CANVAS_REDIRECT_URI: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .optional(),
    /** Milliseconds before a Canvas request is given up. */
    CANVAS_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
    /** AES-256-GCM key for stored LMS tokens: 32 bytes, base64. */
    LMS_TOKEN_KEY: z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, {
        message: 'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Where emails go: an `smtp://` or `smtps://` URL (user and password in it when needed, e.g.
     * `smtp://user:pass@mail.example.edu:587`). Unset: emails are rendered and logged, not sent.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The address people open the app at, for links in password reset and invitation emails
     * (docs/accounts.md). Unset: the request's own origin (set it in production behind a proxy).
     */
    APP_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The From address of emails. */
    EMAIL_FROM: z.string().min(3).default('Course Coach <no-reply@coursecoach.local>'),
    /**
     * Seconds a worker sending an email holds it before another worker may take it over (the first is
     * then taken to have died); renewed while it sends.
     */
    EMAIL_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  })
  .superRefine((env, ctx) => {
    const standin = env.CANVAS_STANDIN ?? env.CANVAS_BASE_URL === undefined;
    if (standin && env.CANVAS_BASE_URL && env.CANVAS_STANDIN === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['CANVAS_STANDIN'],
        message: 'cannot be true while CANVAS_BASE_URL names a Canvas instance (use one or the other)',
      });
    }
    if (env.CANVAS_BASE_URL && (!env.CANVAS_CLIENT_ID || !env.CANVAS_CLIENT_SECRET)) {
      for (const name of ['CANVAS_CLIENT_ID', 'CANVAS_CLIENT_SECRET'] as const)
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when CANVAS_BASE_URL is set' });
    }
    // A real Canvas in production needs a real key; the development fallback is public.
    if (env.CANVAS_BASE_URL && env.NODE_ENV === 'production' && !env.LMS_TOKEN_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['LMS_TOKEN_KEY'],
        message: 'is required in production when CANVAS_BASE_URL is set (32 bytes, base64)',
      });
    }
  });

export type Config = z.infer<typeof EnvSchema>;

/** Thrown by loadConfig with one line per bad variable. */
export class ConfigError extends Error {}

/**
 * Reads and validates the configuration from `env` (default process.env).
 * @throws ConfigError naming each bad variable and what it must be.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The app's address for links in e-mails sent by jobs (no request to take an origin from): APP_URL, else
 * this server's own host and port (`localhost` when it listens on every interface). No trailing slash.
 */
export function appUrlOf(config: Pick<Config, 'APP_URL' | 'HOST' | 'PORT'>): string {
  if (config.APP_URL) return config.APP_URL.replace(/\/+$/, '');
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return `http://${host}:${config.PORT}`;
}
