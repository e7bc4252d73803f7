package io.fuxi.codes.boundary;

import io.fuxi.codes.entity.CodeBatch;
import io.fuxi.codes.entity.PoolState;
import io.fuxi.platform.rest.Jsons;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** Reads where the pool stands and how far its recent batches have got. */
@Stateless
public class PoolStatus {

    private static final int RECENT_BATCHES = 10;

    @PersistenceContext
    EntityManager em;

    @Inject
    CodeRecycling recycling;

    public JsonObject read() {
        PoolState state = em.find(PoolState.class, PoolState.ID);
        JsonArrayBuilder batches = Jsons.array();
        em.createNamedQuery(CodeBatch.RECENT, CodeBatch.class)
                .setMaxResults(RECENT_BATCHES)
                .getResultList()
                .forEach(batch -> batches.add(json(batch)));
        return Jsons.object()
                .add("loadedSeq", state == null ? 0 : state.loadedSeq())
                .add("nextSeq", state == null ? 1 : state.nextSeq())
                .add("remaining", state == null ? 0 : state.remaining())
                .add("recycledHeld", recycling.held())
                .add("batches", batches)
                .build();
    }

    private static JsonObjectBuilder json(CodeBatch batch) {
        JsonObjectBuilder json = Jsons.object()
                .add("id", batch.id())
                .add("firstSeq", batch.firstSeq())
                .add("size", batch.size())
                .add("loaded", batch.loaded())
                .add("createdAt", batch.createdAt().toString());
        if (batch.finishedAt() != null) {
            json.add("finishedAt", batch.finishedAt().toString());
        }
        return json;
    }
}
