/**
 * A plain provider, injected into the controller by type.
 * @module
 */
import { Injectable } from '@operant/core';

@Injectable()
export class Formatter {
  format(message: string, shout = false): string {
    const text = message.trim();
    return shout ? `${text.toUpperCase()}!` : text;
  }
}
