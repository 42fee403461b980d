/**
 * What the readers share: the refusal they throw and the limit passed ({@link dev.compilereceipt.read.PassedLimit}), the
 * input opened once and bounded ({@link dev.compilereceipt.read.InputFile}), the byte-level JSON syntax checks and their
 * lexical pieces, what is Unicode text ({@link dev.compilereceipt.read.UnicodeText}), the terminal codes taken out of a
 * text line ({@link dev.compilereceipt.read.TerminalCodes}) and the string pool that bounds what a hostile input can keep alive.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.read;

import org.apiguardian.api.API;
