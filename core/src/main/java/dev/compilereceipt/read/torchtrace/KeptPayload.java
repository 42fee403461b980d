package dev.compilereceipt.read.torchtrace;

/** The part of a record's payload a reader keeps ({@code compile_receipt_call}, {@code recompile_reasons}, a graph break's text). */
interface KeptPayload {

    /** The bytes kept, the payload lines joined by {@code \n} without their leading tabs, up to the bound of the kind. */
    byte[] kept();

    /** Whether the payload was longer than the part kept. */
    boolean overflowed();
}
