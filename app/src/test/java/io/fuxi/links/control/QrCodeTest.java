package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import io.fuxi.platform.problem.InvalidFieldException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class QrCodeTest {

    /** The PNG decodes back to the short URL with ZXing's reader: the picture is a working QR code. */
    @Test
    void pngDecodesToTheShortUrl() throws Exception {
        byte[] png = QrCode.of("https://fx.example/aZ09xY", 300).png();
        var image = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(300, image.getWidth());
        var bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        assertEquals(
                "https://fx.example/aZ09xY", new QRCodeReader().decode(bitmap).getText());
    }

    @Test
    void svgIsASquareDrawing() {
        String svg = new String(QrCode.of("https://fx.example/aZ09xY", 128).svg(), StandardCharsets.UTF_8);
        assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\""), svg);
        assertTrue(svg.contains("<path fill=\"#000\" d=\"M"));
    }

    @Test
    void sizeMustBeReasonable() {
        assertEquals(
                "size",
                assertThrows(InvalidFieldException.class, () -> QrCode.of("x", 63))
                        .toProblem()
                        .field());
        assertEquals(
                "size",
                assertThrows(InvalidFieldException.class, () -> QrCode.of("x", 2049))
                        .toProblem()
                        .field());
    }
}
