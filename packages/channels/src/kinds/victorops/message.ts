import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';
import { incidentAction } from '../../format/incident-action.js';

const DISPLAY_NAME_MAX = 512;
const STATE_MESSAGE_MAX = 20_000;

/**
 * A REST-endpoint alert: CRITICAL while the check is down (reminders and digests still down too),
 * WARNING while late, RECOVERY otherwise; the entity id (the check id) ties them to one incident,
 * which the RECOVERY resolves. The plain text, links included, is the state message.
 */
export function victorOpsAlert(n: Notification, entityId: string): Record<string, unknown> {
  const messageType = incidentAction(n) === 'close' ? 'RECOVERY' : n.status === 'down' ? 'CRITICAL' : 'WARNING';
  return {
    message_type: messageType,
    entity_id: entityId,
    entity_display_name: clip(n.subject, DISPLAY_NAME_MAX),
    state_message: clip(n.text, STATE_MESSAGE_MAX),
    state_start_time: Math.floor(n.at.getTime() / 1000),
    monitoring_tool: 'upmon',
  };
}
