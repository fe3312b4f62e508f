import { apiControl } from '@statechart/calls/server';
import { inject } from 'vitest';

/** The product's API server behind the product's /api proxy (globalSetup starts it). */
export const api = apiControl(() => [inject('productApiUrl')]);
