package dev.compilereceipt.assertj.internal;

import java.util.Arrays;
import org.apiguardian.api.API;
import org.assertj.core.description.Description;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.MessageFormatter;
import org.assertj.core.presentation.Representation;

/**
 * A {@code BasicErrorMessageFactory} whose {@link Evidence} arguments are written under the
 * representation the message is created with, as the other arguments are by AssertJ's formatter:
 * the evidence is the factory's own text, the figures in it the representation's.
 *
 * <p>Example: {@code ShouldHaveNoEagerCalls} is made with
 * {@code (Evidence) representation -> LedgerTable.of(offending, representation)} as its last argument, so
 * the table's compile times are written as the assert's representation writes a {@code Milliseconds}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public abstract class EvidenceMessage extends BasicErrorMessageFactory {

    protected EvidenceMessage(String format, Object... arguments) {
        super(format, arguments);
    }

    @Override
    public String create(Description description, Representation representation) {
        Object[] written = Arrays.stream(arguments)
                .map(argument -> argument instanceof Evidence evidence ? unquotedString(evidence.in(representation)) : argument)
                .toArray();
        return MessageFormatter.instance().format(description, representation, format, written);
    }
}
