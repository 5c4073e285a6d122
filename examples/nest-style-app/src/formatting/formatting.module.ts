/**
 * A module that offers the Formatter.
 * @module
 */
import { Module } from '@operant/core';
import { Formatter } from './formatter.js';

@Module({ providers: [Formatter], exports: [Formatter] })
export class FormattingModule {}
