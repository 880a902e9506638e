/**
 * The variable a campaign sets on the harness child it starts, having passed its own spend gate:
 * that child then needs no `--confirm-spend` of its own (an older harness ignores it).
 */
export const CONFIRMED_SPEND_ENV = 'AGENT_TRACK_CONFIRM_SPEND';
