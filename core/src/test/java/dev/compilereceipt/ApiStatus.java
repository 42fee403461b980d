package dev.compilereceipt;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.apiguardian.api.API;

/** The ArchUnit condition that a type's {@code @API} status is one given. */
final class ApiStatus extends ArchCondition<JavaClass> {

    static final ApiStatus INTERNAL = new ApiStatus(API.Status.INTERNAL);

    private final API.Status status;

    private ApiStatus(API.Status status) {
        super("be annotated @API(status = " + status + ")");
        this.status = status;
    }

    @Override
    public void check(JavaClass type, ConditionEvents events) {
        boolean marked = type.tryGetAnnotationOfType(API.class).map(api -> api.status() == status).orElse(false);
        events.add(new SimpleConditionEvent(type, marked, type.getName() + (marked ? " is " : " is not ") + "@API(status = " + status + ")"));
    }
}
