import { apiControl } from '@statechart/calls/server';
import { inject } from 'vitest';

/** The reference API server behind the reference apps' /api proxy (globalSetup starts it). */
export const api = apiControl(() => [inject('apiUrl')]);
