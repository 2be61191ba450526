import { probeQueueName, probeResultsQueueName } from './catalog.js';

/**
 * The Redis ACL rules of one location's probers (docs/locations.md, "Redis ACLs"), as
 * `ACL SETUSER <user> on ><password> <rules…>` takes them: its keys are its own `probes` queue's
 * and its results queue (BullMQ keeps every key of a queue under `<prefix>:<queue>:`, and its Lua scripts touch only
 * those, checked key by key by Redis) and its probe claims; its commands are what BullMQ's worker
 * and ioredis send (scripts, blocking pops, INFO for BullMQ's version check), without the commands
 * that list or touch keys regardless of key patterns (KEYS, SCAN, RANDOMKEY, FLUSH*, the
 * @dangerous ones) and without Pub/Sub channels.
 */
export function locationAclRules(prefix: string, location: string): string[] {
  return [
    'resetkeys',
    `~${prefix}:${probeQueueName(location)}:*`,
    `~${prefix}:probe-claims-${location}:*`,
    `~${prefix}:${probeResultsQueueName(location)}:*`,
    'resetchannels',
    '-@all',
    '+@read',
    '+@write',
    '+@scripting',
    '+@blocking',
    '+@connection',
    '+@transaction',
    '-@dangerous',
    '-keys',
    '-scan',
    '-randomkey',
    // BullMQ's version check; @dangerous in Redis 7, so allowed after it. It tells server facts
    // (version, memory, key counts per database), no key names or values.
    '+info',
  ];
}
