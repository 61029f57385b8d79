import { httpHandler } from '../../../lib/http';
import { applyAction } from '../../own/transitions';

/** POST /api/own-listings/{id}/open — closed → published (§7 open). */
export const handler = httpHandler((event) => applyAction(event, 'open'));
